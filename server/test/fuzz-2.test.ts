// Hostile input, slice 2 of 3 of the live calls (`fuzz-attack.ts` says what is sent and checked).
import { fuzzSlice } from './fuzz-attack';

fuzzSlice(1, 3);
