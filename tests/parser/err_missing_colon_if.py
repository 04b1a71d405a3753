# The colon after a condition is missing; the indented block is still read.
if x
    pass
y = 1
