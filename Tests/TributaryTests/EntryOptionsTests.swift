import Foundation
import Testing
import Tributary

/// The keys every entry takes (`EntryOptions`), as feeds.json is read: accepted, typed,
/// and refused with the entry, the key and the fix, never echoing a secret.
@Suite struct EntryOptionsTests {
    let loader = ConfigLoader(
        registry: SourceRegistry([SourceType(OptionsOnlySource.self)]),
        environment: ["SAMPLE_TOKEN": "abc123", "FEED_PASS": "s3cr3t-pass", "BROKEN": "a\r\nX-Evil: 1"])

    func entry(_ keys: String) throws -> SourceEntry {
        let json = #"{"sources": [{"id": "a", "type": "sample", \#(keys)}]}"#
        return try #require(try loader.load(Data(json.utf8)).sources.first)
    }

    func problems(_ keys: String) -> String {
        do {
            _ = try entry(keys)
            return ""
        } catch let error as TributaryError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func anEntryMaySetWhatKindItsItemsAre() throws {
        #expect(try entry(#""kind": "photo""#).common.kind == .photo)
        #expect(
            problems(#""kind": "video""#)
                == #"sources[0].kind: "video" is not one of "photo", "question", "post", "article""#)
    }

    @Test func filtersAndHTTPKeysAreRead() throws {
        let options = try entry(
            #""include": ["swift"], "exclude": ["rust"], "match": "regex", "#
                + #""headers": {"X-Team": "blue"}, "userAgent": "Reader/1", "#
                + #""username": "ada", "password": "${FEED_PASS}""#
        ).common
        #expect(options.include == ["swift"] && options.exclude == ["rust"] && options.match == .regex)
        #expect(options.headers == ["X-Team": "blue"] && options.userAgent == "Reader/1")
        #expect(options.username == "ada" && options.password?.value == "s3cr3t-pass")
    }

    @Test func aTypesOwnOptionOfTheSameNameIsNotACommonOne() throws {
        let read = try entry(#""tags": ["swift"]"#)
        #expect(read.common.tags.isEmpty, "the sample type's own tags are not tags to add to items")
        #expect(read.options["tags"] == .array([.string("swift")]))
    }

    @Test func aPasswordWrittenInFeedsJSONIsRefusedWithoutBeingShown() {
        let message = problems(#""username": "ada", "password": "hunter2-literal""#)
        #expect(message.hasPrefix(#"sources[0].password: must name an environment variable, e.g. "${FEED_PASSWORD}""#))
        #expect(!message.contains("hunter2"))
        let number = problems(#""username": "ada", "password": 73915"#)
        #expect(number.contains(#"sources[0].password: expected a string such as "${FEED_PASSWORD}", found a number"#))
        #expect(!number.contains("73915"))
    }

    @Test func aTypesSecretWrittenInFeedsJSONIsRefusedWithoutBeingShown() {
        let message = problems(#""token": "tok-literal-9931""#)
        #expect(
            message.hasPrefix(
                #"sources[0].token: must name an environment variable, e.g. "${SAMPLE_TOKEN}" (and export it)"#),
            "\(message)")
        #expect(!message.contains("9931"))
        #expect(problems(#""token": "${SAMPLE_TOKEN}""#) == "")
    }

    @Test func aPasswordWrittenInAnAddressIsRefusedWithoutBeingShown() {
        let message = problems(#""baseURL": "https://ada:hunter2-literal@feeds.example.org/""#)
        #expect(message.hasPrefix("sources[0].baseURL: holds a password; write it as a variable"), "\(message)")
        #expect(!message.contains("hunter2"))
        #expect(problems(#""baseURL": "https://ada:${FEED_PASS}@feeds.example.org/""#) == "")
        #expect(problems(#""baseURL": "https://reader-token@feeds.example.org/""#) == "", "a lone user name")
        #expect(problems(#""baseURL": "https://feeds.example.org/a:b@c""#) == "", "an @ in the path")
    }

    @Test func userNameAndPasswordGoTogether() {
        #expect(problems(#""username": "ada""#).contains(#"sources[0].username: needs "password": "${VAR}" beside it"#))
        #expect(problems(#""password": "${FEED_PASS}""#).contains(#"sources[0].password: needs "username" beside it"#))
    }

    @Test func credentialsAreNeverSentOverPlainHTTPToAnotherMachine() {
        let basic = problems(#""baseURL": "http://feeds.example.org/", "username": "ada", "password": "${FEED_PASS}""#)
        #expect(basic.hasPrefix("sources[0].baseURL: is plain http://, which would send this entry's credentials"))
        #expect(basic.contains("use https://") && !basic.contains("s3cr3t"))
        let header = problems(#""baseURL": "http://feeds.example.org/", "headers": {"X-Api-Key": "${FEED_PASS}"}"#)
        #expect(header.hasPrefix("sources[0].baseURL: is plain http://"))
        let token = problems(#""baseURL": "http://api.example.org/", "token": "${SAMPLE_TOKEN}""#)
        #expect(token.hasPrefix("sources[0].baseURL: is plain http://"), "a type's own secret option counts too")
        #expect(
            problems(#""baseURL": "https://feeds.example.org/", "username": "ada", "password": "${FEED_PASS}""#) == "")
        #expect(problems(#""baseURL": "http://127.0.0.1:8080/", "username": "ada", "password": "${FEED_PASS}""#) == "")
        #expect(problems(#""baseURL": "http://localhost/", "headers": {"X-Api-Key": "${FEED_PASS}"}"#) == "")
        #expect(problems(#""baseURL": "http://feeds.example.org/", "headers": {"X-Team": "blue"}"#) == "")
        let inURL = problems(#""baseURL": "http://reader:${FEED_PASS}@feeds.example.org/""#)
        #expect(inURL.hasPrefix("sources[0].baseURL: is plain http://") && !inURL.contains("s3cr3t"))
    }

    @Test func headersMustBeAnObjectOfStringsThatCannotBreakTheRequest() {
        #expect(
            problems(#""headers": {"X-Count": 3}"#).hasPrefix("sources[0].headers: expected an object of strings"))
        #expect(
            problems(#""headers": {"Bad Name": "x"}"#)
                == #"sources[0].headers: "Bad Name" is not a header name (letters, digits and -)"#)
        #expect(
            problems(#""headers": {"Host": "evil.example"}"#)
                == "sources[0].headers.Host: set by Tributary itself; remove it")
        #expect(
            problems(#""headers": {"user-agent": "x"}"#)
                == #"sources[0].headers.user-agent: use the entry's "userAgent" instead"#)
        #expect(
            problems(
                #""headers": {"Authorization": "Token ${FEED_PASS}"}, "username": "a", "password": "${FEED_PASS}""#
            )
            .contains(#"sources[0].headers.Authorization: give either "username"/"password" or this header"#))
        let injected = problems(#""headers": {"X-Token": "${BROKEN}"}"#)
        #expect(injected == "sources[0].headers.X-Token: the value holds a line break or control character")
        #expect(!injected.contains("X-Evil"))
    }

    @Test func anInvalidRegularExpressionNamesTheEntryAndTheField() {
        #expect(
            problems(#""match": "regex", "include": ["swift", "(unclosed"]"#)
                == #"sources[0].include[1]: "(unclosed" is not a valid regular expression (ICU syntax)"#)
        #expect(problems(#""include": ["(unclosed"]"#) == "", "as keywords, parentheses are plain text")
    }

    @Test func headerValuesFromVariablesAreSecrets() throws {
        let read = try entry(#""headers": {"X-Api-Key": "${FEED_PASS}", "Accept-Language": "en"}"#)
        let defaults = RequestDefaults(read)
        #expect(defaults.headers == ["Accept-Language": "en"])
        #expect(defaults.secretHeaders["X-Api-Key"]?.value == "s3cr3t-pass")
        #expect(!String(describing: defaults).contains("s3cr3t-pass"))
    }
}
