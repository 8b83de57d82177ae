import Foundation
import Tributary
import TributaryLive
import TributaryRendering

/// `watch` on a terminal: the digest redrawn on every change and when the window is
/// resized, lines fitted to the window's width, new items marked, a live status line per
/// source, and keys: r refreshes every source, q quits. Ctrl-Z leaves the screen as the
/// shell had it, and `fg` draws it again.
struct WatchScreen: Sendable {
    let live: LivePipeline
    let setup: LiveRun

    func run() async throws {
        guard TerminalMode.enter() else { return try await WatchStream(renderer: .text, setup: setup).run(live) }
        defer { TerminalMode.restore() }
        let refreshAll = Command<Void, Void> { [live] in try await live.refreshAll() }
        let shown = Locked<LiveDigest?>(nil)
        let redraw: @Sendable () -> Void = { shown.withLock { if let update = $0 { draw(update) } } }
        let jobControl = JobControl(
            stopping: { shown.withLock { _ in TerminalMode.restore() } },
            continued: {
                shown.withLock { _ in _ = TerminalMode.isOn || TerminalMode.enter() }
                redraw()
            },
            resized: redraw)
        defer { withExtendedLifetime(jobControl) {} }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await update in live.digests {
                    shown.withLock {
                        $0 = update
                        draw(update)
                    }
                }
            }
            group.addTask {
                for await key in Keys.typed() {
                    if key == UInt8(ascii: "q") { return }
                    if key == UInt8(ascii: "r") { Task { try? await refreshAll.execute(()) } }
                }
            }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// Draws the digest at the window's width; not while the process is stopped.
    private func draw(_ update: LiveDigest) {
        guard TerminalMode.isOn else { return }
        let environment = setup.run.environment
        let style = TerminalStyle.forStream(isTTY: true, environment: environment)
        let options = RenderOptions(
            style: style, width: TerminalWidth.resolve(explicit: nil, isTTY: true, environment: environment),
            time: TerminalTime(timeZone: TerminalTime.localZone(environment: environment)))
        let digest = setup.filter(now: update.digest.generatedAt).apply(to: update.digest)
        let text = String(decoding: Renderer.text.bytes(digest, options: options), as: UTF8.self)
        var screen = "\u{1B}[H\u{1B}[2J" + text
        screen += "\n" + style.bold("Live") + "\n"
        for source in update.sources {
            screen += "  " + LiveStatus.describe(source) + "\n"
        }
        screen += style.dim("r refresh all · q quit") + "\n"
        StandardOutput.write(screen)
    }
}

/// One source's live state in words: `so-swift: ok, next refresh 09:45:00`.
enum LiveStatus {
    static func describe(_ source: LiveSourceState) -> String {
        let status = source.status
        var state: String
        switch status.state {
        case .ok: state = "ok"
        case .failed: state = "failed: \(status.message ?? "unknown error")"
        case .skipped: state = "skipped: \(status.message ?? "")"
        case .pending: state = "waiting for the first answer"
        }
        if source.isRefreshing { state += " · refreshing…" }
        if let next = source.nextRefresh { state += " · next refresh \(time(next))" }
        return "\(status.id): \(state)"
    }

    /// `09:45:12 UTC`: to the second, since a source may refresh every second.
    private static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}

/// Keys typed on standard input, read on a thread of their own (reading blocks).
enum Keys {
    static func typed() -> AsyncStream<UInt8> {
        let (keys, continuation) = AsyncStream<UInt8>.makeStream()
        let reader = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                if case .terminated = continuation.yield(byte) { return }
            }
            continuation.finish()
        }
        reader.start()
        return keys
    }
}
