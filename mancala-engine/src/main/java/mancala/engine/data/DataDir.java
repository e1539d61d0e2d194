package mancala.engine.data;

import java.nio.file.Path;

/**
 * Where the program keeps its data: {@code $XDG_DATA_HOME/mancala}, or {@code ~/.local/share/mancala} when that
 * variable is unset or blank. The web server's H2 database and the endgame tables live there. Nothing is created
 * here; callers create what they write.
 */
public final class DataDir {
    /** System property naming the tables folder, or {@code none} to use no tables (tests set it). */
    public static final String TABLEBASES_PROPERTY = "mancala.tablebases";
    /** Environment variable naming the tables folder, or {@code none}; the system property wins over it. */
    public static final String TABLEBASES_ENV = "MANCALA_TABLEBASES";

    private DataDir() {
    }

    /** @return the data folder (it may not exist yet). */
    public static Path folder() {
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("mancala");
    }

    /**
     * @return the endgame tables' folder: the {@value #TABLEBASES_PROPERTY} property, else the
     *     {@value #TABLEBASES_ENV} variable, else {@code tablebases} in {@link #folder()}; null when either says
     *     {@code none}
     */
    public static Path tablebases() {
        String s = System.getProperty(TABLEBASES_PROPERTY);
        if (s == null || s.isBlank()) {
            s = System.getenv(TABLEBASES_ENV);
        }
        if (s != null && !s.isBlank()) {
            return s.equals("none") ? null : Path.of(s);
        }
        return folder().resolve("tablebases");
    }
}
