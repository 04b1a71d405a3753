# Every form of number literal.
a = 0, 00, 0_0, 7, 1_000_000, 9223372036854775807
b = 9223372036854775808, 123456789012345678901234567890
c = 0x0, 0xff, 0XdeadBEEF, 0x_ff, 0x7fff_ffff_ffff_ffff, 0x1_0000_0000_0000_0000
d = 0o0, 0o777, 0O1_7, 0o_7, 0b0, 0b1010, 0B_1_0
e = 1., .5, 1.5, 1e3, 1E-3, 1e+3, 1.e2, .5e-1_0, 1_000.5e1_0, 09.5, 00e1
f = 1e308, 1e309, 1e-400, 0.1, 3.141592653589793
g = 1j, 2J, 1.5j, .5j, 1e3j, 1_0j, 09j, 0j
h = 1if x else 2, [0x1for x in y], 1or 2, 0b1and 1, 1.else 3, 0in y, 1is 1, 1not in y
i = 1 .real, 1..real, 1.5.real
