"""The poll's I/O: the wire to the server, who is who, which world and controller this is, the record."""
