import Foundation
import StudyRecorder
import Testing

// MARK: - Rate limit and token

@Suite struct RateLimiterTests {
    final class Clock: @unchecked Sendable { var now: TimeInterval = 100 }

    @Test func aBurstThenOneRequestPerShare() {
        let clock = Clock()
        let limiter = RateLimiter(perMinute: 3, clock: { clock.now })
        #expect(limiter.admit("10.0.0.1") == nil)
        #expect(limiter.admit("10.0.0.1") == nil)
        #expect(limiter.admit("10.0.0.1") == nil)
        #expect(limiter.admit("10.0.0.1") == 20) // one token every 20 s
        #expect(limiter.admit("10.0.0.2") == nil) // addresses are counted apart
        clock.now += 20
        #expect(limiter.admit("10.0.0.1") == nil)
        #expect(limiter.admit("10.0.0.1") != nil)
    }
}

@Suite struct StudyTokenTests {
    @Test func onlyTheExactTokenMatches() {
        let token = StudyToken.random(bytes: 16)
        #expect(token.count == 32)
        #expect(StudyToken.matches(Substring(token), token))
        #expect(!StudyToken.matches(Substring(token.dropLast()), token))
        #expect(!StudyToken.matches(Substring(token + "0"), token))
        #expect(!StudyToken.matches("", token))
        #expect(StudyToken.random(bytes: 16) != token)
    }
}
