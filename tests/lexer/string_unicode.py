# Non-ASCII text is kept as UTF-8; repr escapes what Python would.
a = 'été π 变量 €'
b = '\N{SNOWMAN} \N{BLACK STAR} \N{INFINITY}'
c = '\xa0 \xad \u200b \u2028 \ufeff \x7f \x85'
d = 'tab	inside'
e = "it's"
f = 'say "hi"'
g = '\'"'
