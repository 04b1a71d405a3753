# A line ending in a colon that is not a block header is the parser's
# business: the lexer neither requires nor refuses an indented block.
x = lambda:
y = 1
z = {1:
2}
w = y[1:
]
v = lambda:
    1
