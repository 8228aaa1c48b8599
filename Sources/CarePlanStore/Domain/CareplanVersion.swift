/// careplan's version, in one place: `--version`, the report's footer, the dashboard's reports.
public enum CareplanVersion {
    public static let current = "0.5.0"
}
