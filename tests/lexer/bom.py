# A UTF-8 byte order mark at the start is skipped.
x = 1
