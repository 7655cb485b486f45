import Foundation

// Where scenario files live and how `--scenario NAME` finds one: Scenarios/NAME.json under the package
// root (known at build time from this file's path, so `bench` works from any directory of the
// checkout), else under the current directory. Only files directly in Scenarios/ are scenarios; the
// layout documents in Scenarios/layout/ are not.

public struct ScenarioCatalog: Sendable {
    /// The directory holding the scenario files.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Scenarios/ in the package this harness was built from, if it exists, else ./Scenarios.
    public static func standard(currentDirectory: String = FileManager.default.currentDirectoryPath) -> ScenarioCatalog {
        if let root = PackageLocation.root {
            let fromRoot = root + "/Scenarios"
            if PackageLocation.isDirectory(fromRoot) { return ScenarioCatalog(directory: fromRoot) }
        }
        return ScenarioCatalog(directory: currentDirectory + "/Scenarios")
    }

    /// The scenario files, sorted by name.
    public func files() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
            .map { directory + "/" + $0 }
            .filter { !PackageLocation.isDirectory($0) }
    }

    /// The names `--scenario` accepts, sorted.
    public func names() -> [String] {
        files().map(Self.scenarioName(ofFile:))
    }

    /// A scenario name ("feed-parity") or a path (anything with a "/" or ending in ".json").
    public func path(for nameOrPath: String) -> String {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") { return nameOrPath }
        return directory + "/" + nameOrPath + ".json"
    }

    /// Loads a scenario by name or path. An unknown name is reported as an unreadable file whose
    /// reason lists the scenarios there are.
    public func load(_ nameOrPath: String) throws(LayoutDocumentError) -> Scenario {
        let path = path(for: nameOrPath)
        if path != nameOrPath && !FileManager.default.fileExists(atPath: path) {
            let available = names()
            let list = available.isEmpty ? "there are none in \(directory)" : "available: " + available.joined(separator: ", ")
            throw .unreadable(file: path, reason: "no scenario named \(JSONText.quoted(nameOrPath)) (\(list))")
        }
        return try Scenario.load(path: path)
    }

    /// "Scenarios/feed-parity.json" → "feed-parity".
    public static func scenarioName(ofFile file: String) -> String {
        var name = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name
    }
}

/// The package checkout this harness was built from.
public enum PackageLocation {
    /// The package root (from this file's path at build time: Sources/BenchHarness/ScenarioCatalog.swift),
    /// or nil when that directory no longer exists (an executable copied to another machine).
    public static let root: String? = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count > 3 else { return nil }
        components.removeLast(3)
        let root = components.joined(separator: "/")
        return isDirectory(root + "/Sources") ? root : nil
    }()

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
