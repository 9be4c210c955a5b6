// Reference-price sources other than the built-in simulated market (`../sim`).
export * from './okx';
