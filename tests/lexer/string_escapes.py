# Every escape of a str literal.
a = '\\ \' \" \a \b \f \n \r \t \v'
b = '\0 \7 \07 \101 \177 \377 \400 \777 \1234'
c = '\x00 \x41 \xe9 \xFF \xfF'
d = '\u0041 \u00e9 \u20ac \uFFFD \ud83d'
e = '\U00000041 \U0001F600 \U0010ffff'
f = '\N{LATIN SMALL LETTER E WITH ACUTE} \N{greek small letter alpha} \N{EURO SIGN} \N{NBSP}'
g = 'unknown: \q \d \w \( \8 \9 \  \{'
h = "\'" '\"'
