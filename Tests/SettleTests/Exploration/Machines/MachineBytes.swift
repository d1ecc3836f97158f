/// A machine's state as text, fast and the same for equal machines: its bytes, in hex, with
/// each reference to storage (an array's or a dictionary's) replaced by a description of what
/// it holds.
///
/// The bytes of plain values (integers, durations, enums of them) say everything, and reading
/// them is far cheaper than reflection. A reference's address says nothing of the contents:
/// two equal arrays built on different paths have different addresses, and a freed address can
/// come back holding other values. So the caller names each reference the machine holds,
/// with the text to put in its place.
enum MachineBytes {
  /// `value`'s bytes in hex, with every word in `references` replaced by its text.
  ///
  /// - Precondition: each reference appears in `value`'s bytes; if a layout change hid one,
  ///   the fingerprint would hold an address, so this stops instead.
  static func describe<T>(_ value: T, replacing references: [(word: UInt, text: String)] = [])
    -> String
  {
    withUnsafeBytes(of: value) { raw in
      // A word at a time: called once per transition, so text built a byte at a time would
      // cost more than the search itself.
      let wordSize = MemoryLayout<UInt>.size
      var text = ""
      var found = 0
      var offset = 0
      while offset + wordSize <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt.self)
        if !references.isEmpty, let reference = references.first(where: { $0.word == word }) {
          text += "<\(reference.text)>"
          found += 1
        } else {
          text += String(word, radix: 16)
          text += "."
        }
        offset += wordSize
      }
      while offset < raw.count {
        text += String(raw[offset], radix: 16)
        text += ","
        offset += 1
      }
      precondition(
        found >= references.count,
        "\(T.self) no longer holds its references as plain words; describe it another way")
      return text
    }
  }

  /// The one word a single-reference value (an array, a dictionary) is made of: its storage's
  /// address.
  static func referenceWord<T>(_ value: T) -> UInt {
    precondition(
      MemoryLayout<T>.size == MemoryLayout<UInt>.size,
      "\(T.self) is not a single reference")
    return withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
  }
}
