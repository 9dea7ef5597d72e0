// MARK: - The page's script

extension StudyPage {
    /// The study itself (`Resources/study-page.js`): consent, the seeded
    /// trial order, recording Pointer Events (every coalesced sample),
    /// labelling, and the outbox that keeps each finished session in
    /// `localStorage` until the server confirms it.
    ///
    /// Every string reaches the page through `textContent` (never HTML), so
    /// nothing a scene, a participant or a server says can become markup.
    /// The file is embedded in the binary as bytes (`.embedInCode`): the CSP
    /// hash is of exactly what is served, and `make lint` can check the
    /// script as the JavaScript it is (`node --check`).
    static let script = String(decoding: PackageResources.study_page_js, as: UTF8.self)
}
