/** Round-robin schedules: the Berger tables of FIDE C.05 Annex 1. */
package mancala.pairing.bergertables;
