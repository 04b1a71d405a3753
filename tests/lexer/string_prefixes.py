# Every string prefix in every letter case, with both quote characters.
R'x' r'x'
R"y" r"y"
U'x' u'x'
U"y" u"y"
B'x' b'x'
B"y" b"y"
F'x' f'x'
F"y" f"y"
BR'x' Br'x' bR'x' br'x'
BR"y" Br"y" bR"y" br"y"
RB'x' Rb'x' rB'x' rb'x'
RB"y" Rb"y" rB"y" rb"y"
FR'x' Fr'x' fR'x' fr'x'
FR"y" Fr"y" fR"y" fr"y"
RF'x' Rf'x' rF'x' rf'x'
RF"y" Rf"y" rF"y" rf"y"
# Not prefixes: the letters are a name, then a string follows.
ub'a' bf'b' bu'c' ur'd' fb'e' rr'f' uf'g'
