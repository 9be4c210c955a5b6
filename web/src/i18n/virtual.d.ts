declare module 'virtual:nexa-dictionary/*' {
  /** The shell's dictionary in one language, with every feature's screen titles (web/scripts/dictionaries.ts). */
  const dictionary: object;
  export default dictionary;
}
