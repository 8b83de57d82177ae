import Foundation
import Tributary
import TributaryLive
import TributaryRendering

/// `watch` on a terminal, as a reader: a header, the items newest first with a cursor,
/// an article view, and a footer line of the sources (`WatchModel`, drawn by
/// `WatchLayout`). Each new digest, key and window resize (SIGWINCH) redraws the screen;
/// keys that mark or star write to the state store through `LiveMemory`. Ctrl-Z leaves
/// the screen as the shell had it, and `fg` draws it again.
struct WatchScreen: Sendable {
    let live: LivePipeline
    let setup: LiveRun

    func run() async throws {
        guard TerminalMode.enter() else { return try await WatchStream(renderer: .text, setup: setup).run(live) }
        defer { TerminalMode.restore() }
        let environment = setup.run.environment
        var initial = WatchModel()
        initial.hasStore = live.memory != nil
        initial.time = TerminalTime(timeZone: TerminalTime.localZone(environment: environment))
        initial.resize(to: WatchFrame.windowSize())
        let frame = WatchFrame(model: initial, style: TerminalStyle.forStream(isTTY: true, environment: environment))
        let jobControl = JobControl(
            stopping: { frame.suspend { TerminalMode.restore() } },
            continued: { frame.resume { TerminalMode.isOn || TerminalMode.enter() } },
            resized: { frame.change { $0.resize(to: WatchFrame.windowSize()) } })
        defer { withExtendedLifetime(jobControl) {} }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await showDigests(on: frame) }
            group.addTask { await readKeys(into: frame, environment: environment) }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    private func showDigests(on frame: WatchFrame) async throws {
        for try await update in live.digests { show(update, on: frame) }
    }

    private func show(_ update: LiveDigest, on frame: WatchFrame) {
        let digest = setup.filter(now: update.digest.generatedAt).apply(to: update.digest)
        let rows = WatchRow.rows(of: digest)
        frame.change { $0.show(rows, title: digest.title, generatedAt: digest.generatedAt, sources: update.sources) }
    }

    /// Handles keys until `q`; returns then (or when standard input ends).
    private func readKeys(into frame: WatchFrame, environment: [String: String]) async {
        let refreshAll = Command<Void, Void> { [live] in try await live.refreshAll() }
        var decoder = WatchKeyDecoder()
        let keys = Keys()
        for await bytes in keys.typed() {
            for key in decoder.decode(bytes) {
                let effects = frame.change { $0.handle(key) }
                if effects.contains(.quit) { return }
                for effect in effects {
                    var failure: String?
                    if case .open(let link) = effect,
                        let browser = WatchBrowser.command(for: link, environment: environment),
                        WatchBrowser.isTextMode(browser)
                    {
                        failure = await browse(with: browser, frame: frame, keys: keys, environment: environment)
                    } else {
                        failure = perform(effect, refreshAll: refreshAll)
                    }
                    if let failure { frame.change { $0.tell(failure) } }
                }
                // A mark is shown at once; the digest read again after it keeps it shown even
                // when a digest made just before the mark arrived meanwhile.
                if effects.contains(where: \.writesToStore) { show(live.currentDigest, on: frame) }
            }
        }
    }

    /// Gives the terminal to a text-mode browser until it quits, the keys its own, then
    /// draws the screen again; returns what went wrong, in words, or nil.
    private func browse(with browser: [String], frame: WatchFrame, keys: Keys, environment: [String: String]) async
        -> String?
    {
        frame.suspend {
            keys.pause()
            TerminalMode.restore()
        }
        let failure = await ForegroundProgram.run(browser, environment: environment)
        frame.resume { TerminalMode.isOn || TerminalMode.enter() }
        keys.resume()
        return failure
    }

    /// Carries out a key's effect; returns what went wrong, in words, or nil.
    private func perform(_ effect: WatchEffect, refreshAll: Command<Void, Void>) -> String? {
        do {
            switch effect {
            case .quit: return nil
            case .refresh: Task { try? await refreshAll.execute(()) }
            case .open(let link): return WatchBrowser.open(link, environment: setup.run.environment)
            case .setRead(let ids, let read): _ = try live.memory?.mark(ids, read: read, at: Date())
            case .setStarred(let id, let starred): _ = try live.memory?.star([id], starred: starred, at: Date())
            }
            return nil
        } catch {
            return "the state store: \(TextCleanup.singleLine("\(error)"))"
        }
    }
}

/// The model on screen: every change to it is drawn at once, in one write, under one
/// lock, so frames never interleave; nothing is drawn while the process is stopped. A
/// frame writes every row of the window (`WatchLayout` gives one line per row).
final class WatchFrame: Sendable {
    private let model: Locked<WatchModel>
    private let style: TerminalStyle

    init(model: WatchModel, style: TerminalStyle) {
        self.model = Locked(model)
        self.style = style
    }

    /// Changes the model, draws it, and returns what the change returned.
    @discardableResult
    func change<T>(_ body: (inout WatchModel) -> T) -> T {
        model.withLock { model in
            let result = body(&model)
            draw(model)
            return result
        }
    }

    /// Runs `leave` (restoring the terminal) with no frame being drawn.
    func suspend(_ leave: () -> Void) { model.withLock { _ in leave() } }

    /// Runs `enter` (setting the terminal up again), then draws the screen anew.
    func resume(_ enter: () -> Bool) {
        change { model in
            _ = enter()
            model.resize(to: Self.windowSize())
        }
    }

    private func draw(_ model: WatchModel) {
        guard TerminalMode.isOn else { return }
        let lines = WatchLayout(model: model, style: style, now: Date()).lines()
        // Each line is cleared before it is written, not after: a line as wide as the window
        // leaves the cursor on its last cell, which an erase after it would take out.
        StandardOutput.write("\u{1B}[H" + lines.map { "\u{1B}[2K" + $0 }.joined(separator: "\r\n"))
    }

    /// Standard output's window size, else `COLUMNS` × `LINES`' defaults of 80 × 24.
    static func windowSize() -> WatchSize {
        var size = winsize()
        guard unsafe ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return WatchSize(columns: 80, rows: 24)
        }
        return WatchSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

/// Bytes typed on standard input, a read at a time (a key's escape sequence comes in one
/// read), read on a thread of their own (reading blocks). While paused (a text-mode browser
/// has the terminal), nothing is read: standard input is polled every 50 ms and left alone.
final class Keys: Sendable {
    private let paused = Locked(false)

    func pause() { paused.withLock { $0 = true } }
    func resume() { paused.withLock { $0 = false } }

    func typed() -> AsyncStream<[UInt8]> {
        let (keys, continuation) = AsyncStream<[UInt8]>.makeStream()
        let reader = Thread { [paused] in
            var buffer = [UInt8](repeating: 0, count: 256)
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            while true {
                guard !paused.withLock({ $0 }) else {
                    usleep(50_000)
                    continue
                }
                guard unsafe poll(&input, 1, 50) != 0, !paused.withLock({ $0 }) else { continue }
                let count = unsafe read(STDIN_FILENO, &buffer, buffer.count)
                guard count > 0 else { break }
                if case .terminated = continuation.yield(Array(buffer[0..<count])) { return }
            }
            continuation.finish()
        }
        reader.start()
        return keys
    }
}
