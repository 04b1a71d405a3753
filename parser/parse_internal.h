/* State shared by the grammar actions and the parser driver. */
#ifndef TSC_PARSE_INTERNAL_H
#define TSC_PARSE_INTERNAL_H

#include "lexer/token.h"
#include "parser/ast.h"
#include "support/context.h"

typedef struct ParseCtx {
    Compiler *c;
    const SourceFile *file;
    AstNode *result;
} ParseCtx;

#endif
