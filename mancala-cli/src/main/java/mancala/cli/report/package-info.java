/**
 * Self-contained HTML reports of self-play runs: figures as tables and charts drawn by XChart as inline SVG, so a
 * report opens in any browser with nothing else beside it and no network.
 */
package mancala.cli.report;
