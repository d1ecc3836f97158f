/// Optional's marker, so that ``AssignmentComparison`` can tell an optional type apart.
protocol OptionalValue {}

extension Optional: OptionalValue {}
