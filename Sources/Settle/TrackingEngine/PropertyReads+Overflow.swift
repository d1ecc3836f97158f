extension PropertyReads {
  /// The reads after the first, stored after a header in the same allocation, and the slots
  /// from 64 up: everything a read set holds beyond its inline first read, behind one
  /// reference.
  ///
  /// One allocation rather than a box around an array: scopes that read several properties of
  /// an object (10 objects × 3 properties, say) would otherwise pay two per object.
  ///
  /// Copy-on-write by hand: ``PropertyReads`` copies a box it shares before changing it (see
  /// ``appending(_:)``), so a box is never changed once a second reference to it exists.
  final class Overflow: ManagedBuffer<Overflow.Header, Read> {
    struct Header {
      var count = 0
      var capacity: Int
      /// Slots from 64 up that were read.
      var highSlots: Set<Int> = []
    }

    /// A box with room for `capacity` reads, holding `count` of `source`'s, if any.
    static func make(capacity: Int, copying source: Overflow? = nil) -> Overflow {
      let buffer = Overflow.create(minimumCapacity: capacity) { _ in
        Header(capacity: capacity)
      }
      let box = unsafeDowncast(buffer, to: Overflow.self)
      if let source {
        box.withUnsafeMutablePointers { header, reads in
          source.withUnsafeMutablePointers { sourceHeader, sourceReads in
            header.pointee.count = sourceHeader.pointee.count
            header.pointee.highSlots = sourceHeader.pointee.highSlots
            // `Read` is two integers: a bitwise copy, and nothing to deinitialise later.
            reads.initialize(from: sourceReads, count: sourceHeader.pointee.count)
          }
        }
      }
      return box
    }

    /// The number of reads held.
    var count: Int { header.count }

    /// The read at `index`, which must be below ``count``.
    func read(at index: Int) -> Read {
      withUnsafeMutablePointerToElements { $0[index] }
    }

    /// Adds `read` in place if there is room, else returns a larger box holding it.
    ///
    /// - Precondition: the box is uniquely referenced.
    func appending(_ read: Read) -> Overflow {
      let box = count < header.capacity ? self : Self.make(capacity: count * 2, copying: self)
      box.withUnsafeMutablePointers { header, reads in
        (reads + header.pointee.count).initialize(to: read)
        header.pointee.count += 1
      }
      return box
    }
  }
}
