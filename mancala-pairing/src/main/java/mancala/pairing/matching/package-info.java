/** Maximum-weight matching in general graphs over exact integer weights of any width. */
package mancala.pairing.matching;
