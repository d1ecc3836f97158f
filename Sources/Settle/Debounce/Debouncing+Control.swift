// What `onChange(of:debounce:control:)` attaches to the view's `DebounceControl`.
extension Debouncing: ControllableDebounce {}
