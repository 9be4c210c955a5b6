// Hostile input, slice 3 of 3 of the live calls (`fuzz-attack.ts` says what is sent and checked).
import { fuzzSlice } from './fuzz-attack';

fuzzSlice(2, 3);
