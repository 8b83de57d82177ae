import Foundation
import Testing
import Tributary
import TributaryTesting

/// Where feeds.json is looked for: `--config`, `$TRIBUTARY_CONFIG`, `./feeds.json`, then
/// `$XDG_CONFIG_HOME/tributary/feeds.json` (else `~/.config/tributary/feeds.json`).
@Suite struct ConfigLocationTests {
    /// A working folder, a home and an XDG folder, each empty, in a fresh temporary folder.
    struct Folders {
        let root = Scratch.folder.appendingPathComponent(
            "tributary-lookup-\(UUID().uuidString)")
        var work: URL { root.appendingPathComponent("work") }
        var home: URL { root.appendingPathComponent("home") }
        var xdg: URL { root.appendingPathComponent("xdg") }

        init() throws {
            for folder in [work, home, xdg] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        }

        @discardableResult
        func write(_ relativePath: String, in folder: URL) throws -> URL {
            let file = folder.appendingPathComponent(relativePath)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"{"sources": []}"#.utf8).write(to: file)
            return file
        }

        func location(_ extra: [String: String] = [:]) -> ConfigLocation {
            ConfigLocation(
                environment: ["HOME": home.path, "XDG_CONFIG_HOME": xdg.path].merging(extra) { _, new in new },
                currentDirectory: work)
        }
    }

    @Test func theCommandLineWinsOverEverythingElse() throws {
        let folders = try Folders()
        let named = try folders.write("mine.json", in: folders.root)
        let variable = try folders.write("variable.json", in: folders.root)
        try folders.write("feeds.json", in: folders.work)
        try folders.write("tributary/feeds.json", in: folders.xdg)
        let found = try folders.location(["TRIBUTARY_CONFIG": variable.path]).find(explicit: "../mine.json")
        #expect(found.path == named.path)
    }

    @Test func theVariableWinsOverTheWorkingFolderAndTheUserFolder() throws {
        let folders = try Folders()
        let variable = try folders.write("variable.json", in: folders.root)
        try folders.write("feeds.json", in: folders.work)
        try folders.write("tributary/feeds.json", in: folders.xdg)
        #expect(try folders.location(["TRIBUTARY_CONFIG": variable.path]).find(explicit: nil) == variable)
    }

    @Test func theWorkingFolderWinsOverTheUserFolder() throws {
        let folders = try Folders()
        let local = try folders.write("feeds.json", in: folders.work)
        try folders.write("tributary/feeds.json", in: folders.xdg)
        #expect(try folders.location().find(explicit: nil).path == local.path)
    }

    @Test func theUserFolderIsReadFromAnyOtherFolder() throws {
        let folders = try Folders()
        let user = try folders.write("tributary/feeds.json", in: folders.xdg)
        #expect(try folders.location().find(explicit: nil).path == user.path)
    }

    @Test(arguments: [nil, "", "relative/config"])
    func withoutAnAbsoluteXDGConfigHomeTheUserFolderIsDotConfig(xdg: String?) throws {
        let folders = try Folders()
        let user = try folders.write(".config/tributary/feeds.json", in: folders.home)
        let location = ConfigLocation(
            environment: ["HOME": folders.home.path].merging(xdg.map { ["XDG_CONFIG_HOME": $0] } ?? [:]) { $1 },
            currentDirectory: folders.work)
        #expect(try location.find(explicit: nil).path == user.path)
        #expect(location.starterFile.path == user.path)
    }

    @Test func noConfigAnywhereNamesEveryPathTriedAndSuggestsInit() throws {
        let folders = try Folders()
        let message = try #require(failure { try folders.location().find(explicit: nil) })
        let user = folders.xdg.appendingPathComponent("tributary/feeds.json").path
        #expect(
            message
                == "no configuration found; tried \(folders.work.path)/feeds.json and \(user); "
                + "run `tributary init` to write a starter config to \(user), or pass --config PATH")
    }

    @Test func aMissingFileNamedOnTheCommandLineIsNotLookedForElsewhere() throws {
        let folders = try Folders()
        try folders.write("feeds.json", in: folders.work)
        let message = try #require(failure { try folders.location().find(explicit: "other.json") })
        #expect(
            message
                == "no configuration at \(folders.work.path)/other.json (from --config); "
                + "run `tributary init other.json` to write one")
    }

    @Test func aMissingFileNamedByTheVariableIsNotLookedForElsewhere() throws {
        let folders = try Folders()
        try folders.write("feeds.json", in: folders.work)
        let missing = folders.root.appendingPathComponent("gone.json").path
        let location = folders.location(["TRIBUTARY_CONFIG": missing])
        let message = try #require(failure { try location.find(explicit: nil) })
        #expect(
            message
                == "no configuration at \(missing) (from TRIBUTARY_CONFIG); "
                + "run `tributary init` to write one there, or unset TRIBUTARY_CONFIG")
        #expect(location.starterFile.path == missing, "init writes where the variable points")
    }

    private func failure(_ work: () throws -> URL) -> String? {
        do {
            _ = try work()
            return nil
        } catch let error as TributaryError {
            #expect(error.code == .invalidConfiguration)
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }
}
