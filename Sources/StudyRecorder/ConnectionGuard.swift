import Foundation
import NIOCore
import NIOHTTPTypes

// MARK: - Deadlines on every connection, before the token is checked

/// Closes a connection whose client is too slow or too idle, so that a
/// phone that lost its signal, or anyone who can reach the port, cannot
/// hold the server's connections (and file descriptors) for ever.
///
/// One instance per connection, in the channel pipeline right after HTTP
/// decoding: it sees each request's head, body and end as they arrive and
/// each response's end as it leaves, before any route, rate limit or token
/// check runs. Three deadlines, one at a time:
/// - **head**: a connection's first request head must be complete
///   `headTimeout` after the connection opened (bytes trickling in do not
///   extend it: a slow-loris head is cut like an absent one);
/// - **body**: a request's whole body must have arrived `bodyTimeout` after
///   its head (total, not between chunks);
/// - **idle**: after a response, the next request head must be complete
///   within `idleTimeout` (a keep-alive connection nobody uses).
/// While the server is answering a request nothing is timed: that is the
/// store's work, not the client's.
///
/// Hummingbird's own `idleTimeout` restarts on every body chunk, so one
/// byte a second keeps it open; hence this handler.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: StudyServer.Limits
    private let registry: OpenConnections
    private let onClose: @Sendable (ConnectionDeadline, Duration, String) -> Void
    private var timer: Scheduled<Void>?

    init(
        limits: StudyServer.Limits, registry: OpenConnections,
        onClose: @escaping @Sendable (ConnectionDeadline, Duration, String) -> Void
    ) {
        self.limits = limits
        self.registry = registry
        self.onClose = onClose
    }

    func handlerAdded(context: ChannelHandlerContext) {
        registry.add(context.channel, address: context.channel.remoteAddress?.ipAddress ?? "unknown")
        arm(.head, context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        registry.remove(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(.body, context: context)
        case .body: break
        case .end:
            timer?.cancel()
            timer = nil
            registry.setWaiting(context.channel, false)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(.idle, context: context) }
        context.write(data, promise: promise)
    }

    private func arm(_ deadline: ConnectionDeadline, context: ChannelHandlerContext) {
        timer?.cancel()
        // Waiting for a head (the first, or the next after a response), a
        // connection holds a slot doing nothing: the first to give up when
        // the server is full (``ConnectionLimit``).
        registry.setWaiting(context.channel, deadline != .body)
        let after: Duration =
            switch deadline {
            case .head: limits.headTimeout
            case .body: limits.bodyTimeout
            case .idle: limits.idleTimeout
            }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        let channel = context.channel
        let onClose = self.onClose
        timer = context.eventLoop.scheduleTask(in: TimeAmount(after)) {
            onClose(deadline, after, address)
            channel.close(promise: nil)
        }
    }
}

/// Which of `ConnectionGuard`'s deadlines a client missed.
package enum ConnectionDeadline: String, Sendable, Codable {
    /// No complete request head in time.
    case head
    /// No complete body in time.
    case body
    /// An unused keep-alive connection.
    case idle

    /// As the terminal says it.
    package var missed: String {
        switch self {
        case .head: "no complete request head"
        case .body: "no complete upload body"
        case .idle: "an idle keep-alive connection"
        }
    }
}
