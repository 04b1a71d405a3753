# Python 3.11 keywords, and soft keywords that stay names.
False None True and as assert async await break class continue def del
elif else except finally for from global if import in is lambda nonlocal
not or pass raise return try while with yield
match case _ type print self
false none true If DEF Class
