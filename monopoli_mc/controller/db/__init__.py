"""The night's file: the SQLite store, its meta keys, the lease per world, the file's identity, stored games read back, the night's results and news."""
