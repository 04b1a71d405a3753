# bytes literals: the same simple escapes, octal wraps at 0o400,
# and \u \U \N are not escapes at all.
a = b'\\ \' \" \a \b \f \n \r \t \v'
b = b'\0 \7 \101 \177 \200 \377 \400 \777'
c = b'\x00\x41\xe9\xFF'
d = b'\u0041 \U00000041 \N{EURO SIGN}'
e = B"plain ASCII ~!@#$%^&*()"
f = b'''triple
bytes'''
