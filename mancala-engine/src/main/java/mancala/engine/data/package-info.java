/** Where the program keeps its data: the data folder shared by the web server's database and the endgame tables. */
package mancala.engine.data;
