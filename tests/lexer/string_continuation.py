# Backslash-newline inside a one-line string continues it; line ends
# inside strings read as \n whatever the file uses.
a = 'one \
two'
b = """crlf
inside"""
c = 'cr \
continued'
