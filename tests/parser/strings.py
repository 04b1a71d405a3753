# String literals: quotes, prefixes in any case, escapes, adjacent
# literals concatenated (also across lines and with f-strings).
a = 'single' "double" '''triple''' """triple"""
b = r'\d+' R"\n" u'uni' U"UNI"
c = b'bytes' B"\x00\xff" rb'\raw' Br"\raw" bR'x' RB"y"
d = ('implicit '
     'concatenation '
     "across lines")
e = 'a' f'{b}' 'c'
f = b'a' b'b'
g = '\N{GREEK SMALL LETTER ALPHA}\u00e9\U0001F600\x41\101\n\t\\\'\"'
h = """multi
line
string"""
i = ''
j = 'it''s'
k = "quote's" 'quote"s'
l = '\
continued'
