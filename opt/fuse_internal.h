/* Helpers shared by the fusion rules (opt/fuse.c, opt/fuse_norm.c). */
#ifndef TSC_FUSE_INTERNAL_H
#define TSC_FUSE_INTERNAL_H

#include "opt/opt_internal.h"

bool fuse_is_op(const IrNode *n, const char *op);
/* The live node of V's graph that makes V (after pending replacements). */
IrNode *fuse_producer(Opt *o, IrValue *v);
IrValue *fuse_input(Opt *o, IrNode *n, int i);
/* V is no graph output and is read exactly USES times (all inside the
 * pattern being matched). */
bool fuse_internal(Opt *o, IrValue *v, int uses);
bool fuse_float_type(DType t);

/* opt/fuse_norm.c */
bool fuse_layer_norm(Opt *o, IrNode *div);
bool fuse_gelu(Opt *o, IrNode *mul);

#endif
