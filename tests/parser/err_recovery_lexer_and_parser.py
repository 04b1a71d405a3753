# Lexer and parser errors come out in source order.
x = 1 $ 2
y = (1 2)
z = "unterminated
w = 0777
v = 1 +
