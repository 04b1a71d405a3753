x = 1 ÿþ 2
y = "Ã("
# â‚ comment
