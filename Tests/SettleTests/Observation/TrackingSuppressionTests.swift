import Settle
import SettleTestSupport
import Testing

/// Reads made inside callbacks are recorded into no scope.
@Suite(.watched) struct TrackingSuppressionTests {
  /// Before the store (`onChange`) and after it (`didChange`) alike.
  @Test(arguments: [TrackingOptions(), .afterStore])
  func callbackReadsDoNotLeakIntoTheScopeThatTriggeredThem(options: TrackingOptions) {
    let store = LibraryStore()
    let log = CallLog()
    withTracking(options: options) {
      _ = store.borrowedCount
    } onChange: {
      _ = store.title  // a read inside a callback
      log.record("inner")
    }
    // The write inside this outer apply fires the inner callback synchronously, while the
    // outer scope is recording on this thread.
    withTracking {
      store.borrowedCount = 1
    } onChange: {
      log.record("outer")
    }
    store.title = "Annex"
    #expect(log.values == ["inner"])
  }

  @Test func aScopeOpenedInsideACallbackStillRecordsItsOwnReads() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
    } didChange: {
      withTracking {
        _ = store.title
      } onChange: {
        log.record("re-armed")
      }
    }
    withTracking {
      store.borrowedCount = 1
    } onChange: {
      log.record("outer")
    }
    store.title = "Annex"
    #expect(log.values == ["re-armed"])
  }

  @Test func theThreadGoesBackToRecordingAfterTheCallback() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
    } onChange: {
      _ = store.title
    }
    withTracking {
      store.borrowedCount = 1
      _ = store.isOpen  // read after the callback returned: recorded
    } onChange: {
      log.record("outer")
    }
    store.isOpen = false
    #expect(log.values == ["outer"])
  }
}
