import Foundation
import Testing
import Tributary
import TributaryTesting

/// What `kill -9` during a write leaves behind is removed by the next run, and nothing
/// a live process is writing.
@Suite struct StaleTemporaryFilesTests {
    @Test func filesOfDeadProcessesGoAndALiveOnesStay() throws {
        let folder = Scratch.folder.appendingPathComponent("tributary-tmp-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let dead = try Self.deadPID()
        let live = ProcessInfo.processInfo.processIdentifier
        let orphan = sources.appendingPathComponent(".so-swift.json.\(dead).tmp")
        let writing = sources.appendingPathComponent(".flickr.json.\(live).tmp")
        let kept = sources.appendingPathComponent("so-swift.json")
        let unrelated = folder.appendingPathComponent(".notes.tmp")
        for file in [orphan, writing, kept, unrelated] { try Data("x".utf8).write(to: file) }
        #expect(StaleTemporaryFiles.sweep(folder) == 1)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: sources.path))
        #expect(left == [".flickr.json.\(live).tmp", "so-swift.json"])
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test func aDayOldFileGoesEvenIfItsNumberIsInUse() throws {
        let folder = Scratch.folder.appendingPathComponent("tributary-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = folder.appendingPathComponent(".x.json.\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data("x".utf8).write(to: old)
        #expect(StaleTemporaryFiles.sweep(folder, now: Date().addingTimeInterval(2 * 86_400)) == 1)
    }

    /// The pid of a process that has exited and been reaped.
    static func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
