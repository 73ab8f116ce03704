"""The decisions: what the poll's snapshot holds, and every input, request and operator command decided on it without I/O."""
