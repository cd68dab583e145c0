"""What every layer uses: atomic file writes, units, progress callbacks, the
finding type, colours, lazy packages, GC pauses and third-party notices."""
