import Foundation
import Testing
import Tributary
import TributaryTesting

/// Reading a feed blocks (on a slow file, on the mapping thread's free slots) and takes
/// CPU; it must do so on threads of its own, never on Swift concurrency's cooperative
/// threads, which are as many as the cores and run everything else (the HTTP client,
/// the signals, the host).
@Suite struct CooperativePoolTests {
    @Test func feedsThatBlockWhileReadLeaveTheCooperativeThreadsFree() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let pipes = try BlockingFeedFiles(count: count)
        defer { pipes.remove() }
        let readings = pipes.urls.map { url in
            Task { await feedHarness.failure(#"{"id": "f", "type": "feed", "url": "\#(url.absoluteString)"}"#) }
        }
        // Resumes once every reading is blocked (or after 60 s); then async work must still run.
        let allBlocked = await pipes.waitUntilEveryReaderBlocks()
        await Task.detached { pipes.probeRan() }.value
        for reading in readings {
            #expect(await reading.value?.message.contains("the feed is empty") == true)
        }
        pipes.stop()
        #expect(allBlocked, "of \(count) readings, only some started within 60 s; the rest waited for a thread")
        #expect(pipes.probeRanInTime, "async work could not run while feeds were being read")
    }
}

/// Named pipes standing in for feed files on a slow disk: a reader's `open` and `read`
/// block until this side opens and closes its end; the reader then sees an empty file,
/// as often as it opens it.
final class BlockingFeedFiles: @unchecked Sendable {
    let urls: [URL]
    private let folder: URL
    private let arrived = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let probed = DispatchSemaphore(value: 0)
    private let writers = DispatchGroup()
    /// Guards what the threads share: they also meet through the pipes, which ThreadSanitizer does not see.
    private let lock = NSLock()
    private var isStopped = false
    private var probeResult = false
    var probeRanInTime: Bool { lock.withLock { probeResult } }

    init(count: Int) throws {
        let name = "tributary-fifo-" + UUID().uuidString
        let folder = Scratch.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        urls = (0..<count).map { folder.appendingPathComponent("feed\($0).xml") }
        for url in urls where unsafe mkfifo(url.path, 0o600) != 0 {
            throw TributaryError(.permanent, "mkfifo \(url.path) failed")
        }
        for url in urls {
            writers.enter()
            Thread { self.serve(url) }.start()
        }
    }

    /// One writer per pipe: opens (the reader is then blocked reading), waits for the
    /// release, closes (the reader sees an empty file), then meets every later open
    /// with an empty file until `stop`.
    private func serve(_ url: URL) {
        let first = unsafe open(url.path, O_WRONLY)
        arrived.signal()
        released.wait()
        close(first)
        while !lock.withLock({ isStopped }) { unsafe close(open(url.path, O_WRONLY)) }
        writers.leave()
    }

    /// Ends the writers, each blocked opening its pipe until a reader comes (again, for
    /// one that was between two opens the first time).
    func stop() {
        lock.withLock { isStopped = true }
        repeat {
            for url in urls { unsafe close(open(url.path, O_RDONLY | O_NONBLOCK)) }
        } while writers.wait(timeout: .now() + .milliseconds(10)) == .timedOut
    }

    /// Whether every reader got as far as its first read within 60 s. Waits on a thread
    /// of its own, which then gives the caller 30 s to call `probeRan` (a caller stuck
    /// behind blocked cooperative threads cannot) and lets every reader go on. The bounds
    /// are generous by design (other suites share the pool): only a failing run waits them out.
    func waitUntilEveryReaderBlocks() async -> Bool {
        await withCheckedContinuation { continuation in
            Thread {
                let deadline = DispatchTime.now() + .seconds(60)
                let all = self.urls.allSatisfy { _ in self.arrived.wait(timeout: deadline) == .success }
                continuation.resume(returning: all)
                let ran = self.probed.wait(timeout: .now() + .seconds(30)) == .success
                self.lock.withLock { self.probeResult = ran }
                for _ in self.urls { self.released.signal() }
            }.start()
        }
    }

    /// Called from a cooperative thread while the readers are blocked.
    func probeRan() { probed.signal() }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
