a = '''one 'quote' and "two" and ''two'' '''
b = """a "b" ""c"" 'd' '''e''' """
c = '''
multi
    line	and tab
'''
d = ''''''
e = """"""
f = ''''a'''
g = """x\"""" + 'y'
h = '''escaped \''' quote'''
i = """line \
continued"""
