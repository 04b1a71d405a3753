# Number literals: decimal, hex, octal, binary, underscores, floats,
# exponents, imaginary, and integers beyond 64 bits.
a = 0, 00, 1, 123, 1_000_000
b = 0x1F, 0XABC_def, 0o17, 0O7_7, 0b1010, 0B1_0
c = 1.0, 1., .5, 1e10, 1E-5, 2.5e+3, 1_0.0_1, 0e0, 00.5
d = 1j, 2.5J, 1e3j, 0j, 1_0j
e = 9223372036854775807, 9223372036854775808, 0xFFFFFFFFFFFFFFFFFF
f = 123456789012345678901234567890
g = 1e308, 1e309, 5e-324, 0.1, 1/3
h = -1, +2, ~3
