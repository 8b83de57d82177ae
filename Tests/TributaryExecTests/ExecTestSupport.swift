import Foundation
import Tributary
import TributaryExec
import TributaryTesting

let execHarness = SourceHarness(
    SourceType(ExecSource.self, acceptsUndeclaredOptions: true), environment: ["HOME": "/tmp"])

/// The fixtures folder as copied into the test bundle, with every script executable
/// (a resource copy need not keep the executable bit).
let fixtures: URL = {
    let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for file in files where file != "tributary-source-notexec" {
        try? FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent(file).path)
    }
    return folder
}()

func fixture(_ name: String) -> String {
    fixtures.appendingPathComponent(name).path
}

/// An `exec` entry running one fixture, with extra JSON members.
func execEntry(_ name: String, _ extra: String = "") -> String {
    #"{"id": "x", "type": "exec", "command": ["\#(fixture(name))"]\#(extra)}"#
}
