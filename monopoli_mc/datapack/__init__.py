"""The generated datapack: version table, text dialects, functions, the board structure.

The pack is built as a value (`Pack`: a mapping from file path to contents) by
`build.build_pack`, then written in one place as a folder and a zip.
"""
