import Foundation
import Logging
import StudyRecorder
import Testing

// MARK: - The server's log reaches the terminal as events

/// `gesturetune record` prints every diagnostic in its one voice: the
/// server's own error-level log arrives as an event, nothing below it.
@Suite struct EventLogHandlerTests {
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []
        func add(_ event: StudyServer.Event) {
            guard case .serverError(let message) = event else { return }
            lock.withLock { messages.append(message) }
        }
        var all: [String] { lock.withLock { messages } }
    }

    @Test func errorsBecomeEventsAndQuieterLinesDoNot() {
        let received = Received()
        let logger = Logger(label: "test") { _ in EventLogHandler(onEvent: received.add) }
        logger.info("listening")
        logger.warning("slow client")
        logger.error("bind failed: address in use")
        logger.critical("out of file descriptors")
        #expect(received.all == ["bind failed: address in use", "out of file descriptors"])
    }
}
