import CMalloc

/// How the dashboard's process keeps the memory its frames free.
///
/// Every key loads what is visible and draws a frame: the day's rows, the insights, a buffer of
/// cells, a questionnaire's response, all freed when the next frame replaces them. By default
/// glibc hands memory freed at the top of its heap back to the kernel once more than 128 KiB
/// lies free there, so the next frame faults the same pages in again: perf found page faults in
/// a twentieth of a frame, and a questionnaire's load, freed before its first frame, made that
/// frame fault more. A long-lived event loop keeps them instead, as long as it runs; its peak
/// memory is what it was (the pages kept are the ones the peak had already touched).
public enum EventLoopMemory {
    /// Free memory kept at the heap's top before any goes back to the kernel.
    static let keptAtTop: Int32 = 64 << 20
    /// Blocks up to this size come from the heap, not a fresh mapping each: glibc's own ceiling on
    /// 64-bit, which its threshold would rise to by itself if setting the one above did not fix both.
    static let mappedAbove: Int32 = 32 << 20

    /// Called once, before the first frame (by the event loop, and by the benchmark that times
    /// its frames).
    public static func keepFreedPages() {
        _ = mallopt(M_TRIM_THRESHOLD, keptAtTop)
        _ = mallopt(M_MMAP_THRESHOLD, mappedAbove)
    }
}
