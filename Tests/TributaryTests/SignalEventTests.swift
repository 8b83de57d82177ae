import Testing
import Tributary

@Suite struct SignalEventTests {
    final class Payload: Sendable {}

    /// The source runner sanitises a source's items in place only when it holds their only
    /// reference: taking the value out of the event must leave the event holding none.
    @Test func takingTheValueLeavesTheTakerItsOnlyReference() {
        var event = SignalEvent.value(Payload())
        guard var taken = event.takeValue() else { return #expect(Bool(false), "the event carried a value") }
        #expect(isKnownUniquelyReferenced(&taken))
        #expect(event.takeValue() == nil, "the value goes once")
        if case .completed = event {} else { Issue.record("the event is completed once its value is taken") }
    }

    @Test func failuresAndCompletionsCarryNoValue() {
        var failed = SignalEvent<Int>.failed(Boom())
        var completed = SignalEvent<Int>.completed
        #expect(failed.takeValue() == nil && completed.takeValue() == nil)
        if case .failed = failed {} else { Issue.record("a failure stays a failure") }
    }
}
