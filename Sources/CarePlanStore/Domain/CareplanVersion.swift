/// careplan's version, in one place: `--version`, the report's footer, the dashboard's reports, the
/// user agent sync sends. Stamped into the build by Plugins/StampVersion from git or the `VERSION`
/// file (packaging/version.sh), so it is the string the manual pages and the Debian package carry.
public enum CareplanVersion {
    public static let current = BuiltVersion.string
}
