import Testing

@testable import TraceImport

@Suite struct ISO8601Tests {
    @Test func datesAndDateTimesToEpochSeconds() {
        #expect(ISO8601.epochSeconds("1970-01-01") == 0)
        #expect(ISO8601.epochSeconds("2019-08-30T13:41:49Z") == 1_567_172_509)
        #expect(ISO8601.epochSeconds("2019-08-30 13:41:49") == 1_567_172_509) // no offset: UTC
        #expect(ISO8601.epochSeconds("2019-08-30T15:41:49+02:00") == 1_567_172_509)
        #expect(ISO8601.epochSeconds("2019-08-30T08:41:49-0500") == 1_567_172_509)
        #expect(ISO8601.epochSeconds("2019-08-30T13:41:49.25Z") == 1_567_172_509.25)
        #expect(ISO8601.epochSeconds("2024-02-29T00:00Z") == 1_709_164_800)
        #expect(ISO8601.epochSeconds("1969-12-31T23:59:59Z") == -1)
    }

    @Test func outOfRangeFieldsAreNotDates() {
        for text in [
            "2019-13-01", "2019-00-10", "2019-02-29", "2100-02-29", "2019-04-31", "2019-08-30T24:00:00Z",
            "2019-08-30T13:60:00Z", "2019-08-30T13:41:61Z", "2019-08-30T13:41:49.Z", "2019-8-30",
            "2019-08-30T13:41:49Zjunk", "2019-08-30T13:41:49+25:00", ""
        ] {
            #expect(ISO8601.epochSeconds(text) == nil, "\(text)")
            #expect(!CanonicalVocabulary.isISO8601(text), "\(text)")
        }
    }
}
