import Foundation
import Testing
import Tributary
@testable import TributaryExec
import TributaryTesting

@Suite struct ExecOutputTests {
    @Test func jsonFeedOutputIsReadLikeTheFeedSource() async throws {
        let items = try await execHarness.items(execEntry("json-feed.sh"))
        #expect(items.map(\.id) == ["1", "2"])
        #expect(items[0].title == "First")
        #expect(items[0].url?.absoluteString == "https://example.com/one")
        #expect(items[0].summary == "Hello")
        #expect(items[0].tags == ["a"])
        #expect(items[0].published == (try Date("2026-11-20T09:00:00Z", strategy: .iso8601)))
    }

    @Test func jsonLinesOutputMapsEveryField() async throws {
        let update = try #require(try await execHarness.updates(execEntry("json-lines.sh")).last)
        #expect(update.items.count == 3)
        let photo = update.items[1]
        #expect(photo.id == "7")
        #expect(photo.kind == .photo)
        #expect(photo.score == 4.5)
        #expect(photo.tags == ["x", "y"])
        #expect(photo.thumbnail?.absoluteString == "https://example.com/t.jpg")
        #expect(photo.published == Date(timeIntervalSince1970: 1_795_257_000.25))
        #expect(update.items[2].kind == .article, "an unknown kind is an article")
        #expect(
            update.items[2].enclosures == [
                Enclosure(urlString: "https://example.com/e.mp3", mimeType: "audio/mpeg", length: 100, duration: 60)!,
                Enclosure(urlString: "https://example.com/e.txt")!,
            ], "enclosures as --format json writes them; one that is no web address dropped")
        #expect(update.items[1].enclosures.isEmpty)
        #expect(update.diagnostics == ["fixture: starting", "fixture: done"])
    }

    @Test(arguments: [
        (#"{"title": "a", "enclosures": "x"}"#, #""enclosures" must be a list of objects, found a string"#),
        (#"{"title": "a", "enclosures": [{"mimeType": "audio/mpeg"}]}"#, #"with a "url" string"#),
        (
            #"{"title": "a", "enclosures": [{"url": "https://e.example/a", "length": "9"}]}"#,
            #""length" must be a whole"#
        ),
    ])
    func enclosuresOfTheWrongShapeAreNamed(line: String, message: String) throws {
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8))
        do {
            _ = try PluginItem(object).item()
            Issue.record("\(line) was read")
        } catch let problem as PluginItem.Problem {
            #expect(problem.message.contains(message), "\(problem.message)")
        }
    }

    @Test func theProgramReadsTheEntryAsJSONOnStandardInput() async throws {
        let items = try await execHarness.items(execEntry("json-lines.sh", #", "file": "links.csv", "limit": 2"#))
        let summary = try #require(items.first?.summary)
        let entry = try JSONDecoder().decode(JSONValue.self, from: Data(summary.utf8))
        guard case .object(let object) = entry else {
            Issue.record("not an object: \(summary)")
            return
        }
        #expect(object["id"] == .string("x"))
        #expect(object["type"] == .string("exec"))
        #expect(object["file"] == .string("links.csv"))
        #expect(object["limit"] == .number(2))
    }

    @Test func nonZeroExitFailsWithTheLastStandardErrorLine() async throws {
        let error = try #require(await execHarness.failure(execEntry("fails.sh")))
        #expect(error.code == .permanent)
        #expect(error.message == "fails.sh exited with status 3: fixture: token rejected, check MY_TOKEN")
    }

    @Test func aHangingPluginIsKilledAtTheDeadline() async throws {
        let started = ContinuousClock.now
        let error = try #require(await execHarness.failureWithin(execEntry("hangs.sh"), timeout: .milliseconds(500)))
        #expect(error.code == .timeout)
        #expect(error.message.contains("hangs.sh did not finish within 0.5 s and was killed"))
        #expect(error.message.contains("fixture: hanging"))
        #expect(
            ContinuousClock.now - started < .seconds(120),
            """
            killed at the deadline, not after the 300 s sleep (room left for sanitizer runs, where a 0.5 s deadline \
            was seen to fire after 26 s)
            """
        )
    }

    @Test func cancellationKillsTheProgram() async throws {
        let watch = try ProcessWatch()
        let arguments = [fixture("escapes.sh"), watch.folder.path]
        let process = PluginProcess(arguments: arguments, timeout: .seconds(60), maxOutputSize: 1024)
        let task = Task { try await process.run() }
        let plugin = try #require(try await watch.processID("plugin"), "the program runs")
        let started = ContinuousClock.now
        task.cancel()
        await #expect(throws: TributaryError.self) { try await task.value }
        #expect(
            ContinuousClock.now - started < .seconds(25),
            "killed promptly, not after the 300 s sleep (room left for sanitizer runs)")
        #expect(try await ProcessWatch.hasEnded(plugin, within: .seconds(10)))
    }

    @Test func oversizedOutputIsCappedWithAClearError() async throws {
        let process = PluginProcess(arguments: [fixture("floods.sh")], timeout: .seconds(20), maxOutputSize: 100_000)
        let error = try await #require(throws: TributaryError.self) { try await process.run() }
        #expect(error.code == .badResponse)
        #expect(error.message.contains("floods.sh wrote more than"))
        #expect(error.message.contains("and was killed"))
    }

    @Test func anInvalidJSONLineIsNamed() async throws {
        let error = try #require(await execHarness.failure(execEntry("invalid-line.sh")))
        #expect(error.code == .badResponse)
        #expect(error.message.hasPrefix("invalid-line.sh output line 2: not valid JSON"))
    }

    @Test func aFieldOfTheWrongShapeIsNamedWithItsLine() async throws {
        let error = try #require(await execHarness.failure(execEntry("bad-field.sh")))
        #expect(error.message.hasPrefix(#"bad-field.sh output line 2: "published" must be an ISO 8601 date"#))
    }

    @Test func aMissingProgramFailsWithAHint() async throws {
        let error = try #require(await execHarness.failure(execEntry("no-such-program")))
        #expect(error.message.contains("no such program"))
    }

    @Test func outputLinesThatAreNotObjectsAreNamed() throws {
        #expect(throws: TributaryError.self) { try PluginOutput.lines("{\"id\": \"1\"}\n[1, 2]\n", program: "p") }
        #expect(try PluginOutput.lines("\n  \n", program: "p").isEmpty)
    }
}

extension SourceHarness {
    func failureWithin(_ json: String, timeout: Duration) async -> TributaryError? {
        do {
            _ = try await updates(json, timeout: timeout)
            return nil
        } catch {
            return error as? TributaryError
        }
    }
}
