/* Shape inference internals: what the table parts (ir/ops_*.c), the shape
 * functions (ir/shape*.c) and the lookup (ir/opschema.c) share.  Nothing
 * outside ir/ includes this header; the public interface is ir/opschema.h.
 *
 * A shape function reads its node through ShapeCtx with the sh_* helpers
 * (inputs that may be absent, attributes with the row's defaults, constant
 * inputs as integers), computes dimensions with the symbolic arithmetic of
 * ir/symdim.h, and sets every output with sh_set().  Where a dimension
 * cannot be known it stays unknown; inconsistent inputs are reported once
 * with sh_error() ("Op: ..."), which returns false. */
#ifndef TSC_SHAPE_H
#define TSC_SHAPE_H

#include "ir/opschema.h"
#include "ir/symdim.h"

/* ---- the table, by family (ir/ops_*.c): rows sorted by name, then since */
extern const OpSchema opschema_math_rows[];
extern const int opschema_math_count;
extern const OpSchema opschema_logic_rows[];
extern const int opschema_logic_count;
extern const OpSchema opschema_activation_rows[];
extern const int opschema_activation_count;
extern const OpSchema opschema_nn_rows[];
extern const int opschema_nn_count;
extern const OpSchema opschema_reduce_rows[];
extern const int opschema_reduce_count;
extern const OpSchema opschema_tensor_rows[];
extern const int opschema_tensor_count;
extern const OpSchema opschema_gen_rows[];
extern const int opschema_gen_count;
extern const OpSchema opschema_vision_rows[];
extern const int opschema_vision_count;
extern const OpSchema opschema_signal_rows[];
extern const int opschema_signal_count;

/* Constructors for the parts of a row (all fields given, so rows stay
 * short and the compiler checks them). */
#define P_IN(n, t) {n, t, OP_SINGLE, false}
#define P_OPT(n, t) {n, t, OP_OPTIONAL, false}
#define P_VAR(n, t) {n, t, OP_VARIADIC, false}
#define P_HET(n, t) {n, t, OP_VARIADIC, true}
#define A_INT(n, d) {n, IR_ATTR_INT, false, d}
#define A_FLOAT(n, d) {n, IR_ATTR_FLOAT, false, d}
#define A_STR(n, d) {n, IR_ATTR_STRING, false, d}
#define A_INTS(n) {n, IR_ATTR_INTS, false, NULL}
#define A_FLOATS(n) {n, IR_ATTR_FLOATS, false, NULL}
#define A_STRS(n, d) {n, IR_ATTR_STRINGS, false, d}
#define A_TENSOR(n) {n, IR_ATTR_TENSOR, false, NULL}
#define R_INT(n) {n, IR_ATTR_INT, true, NULL}
#define R_FLOAT(n) {n, IR_ATTR_FLOAT, true, NULL}
#define R_STR(n) {n, IR_ATTR_STRING, true, NULL}
#define R_INTS(n) {n, IR_ATTR_INTS, true, NULL}
#define R_GRAPH(n) {n, IR_ATTR_GRAPH, true, NULL}
#define TV(n, set) {n, set, 0}
#define TVF(n, set, forms) {n, set, forms}
#define OPF_ANY (OPF_TENSOR | OPF_SEQ | OPF_OPT_TENSOR | OPF_OPT_SEQ)

/* Limits that keep hostile shapes and attributes from overflowing int64
 * arithmetic or exhausting memory: larger values are reported. */
#define SH_MAX_RANK 1024
#define SH_MAX_ATTR_VALUE ((int64_t)1 << 31)

/* ---- helpers (ir/shape.c) ---------------------------------------------- */

bool sh_error(ShapeCtx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *sh_op(const ShapeCtx *c);       /* the operator's name */

/* Input I's type, NULL when the input is absent. */
const IrType *sh_in(const ShapeCtx *c, int i);
/* Input I's type when it is a tensor of known rank, else NULL. */
const IrType *sh_ranked(const ShapeCtx *c, int i);
int sh_n_inputs(const ShapeCtx *c);
/* Input I's constant value when known (const_inputs, an initializer or a
 * Constant node), else NULL. */
const IrTensor *sh_const(const ShapeCtx *c, int i);
/* The integer elements of constant input I (int8..int64, uint*). */
bool sh_const_ints(ShapeCtx *c, int i, int64_t **v, int64_t *n);
/* The elements of constant input I as doubles (float16/32/64 and ints). */
bool sh_const_doubles(ShapeCtx *c, int i, double **v, int64_t *n);

/* Attributes: the node's value, else the row's default, else FALLBACK. */
bool sh_has_attr(const ShapeCtx *c, const char *name);
int64_t sh_attr_int(ShapeCtx *c, const char *name, int64_t fallback);
float sh_attr_float(ShapeCtx *c, const char *name, float fallback);
const char *sh_attr_str(ShapeCtx *c, const char *name, const char *fallback);
/* A list attribute (INTS / FLOATS / STRINGS), false when absent. */
bool sh_attr_ints(ShapeCtx *c, const char *name, const int64_t **v, int *n);
bool sh_attr_floats(ShapeCtx *c, const char *name, const float **v, int *n);

/* The element type the row gives output J (bound type variable, or the
 * only type of a fixed one); DT_UNDEFINED when unknown. */
DType sh_out_dtype(const ShapeCtx *c, int j);
bool sh_has_out(const ShapeCtx *c, int j);
/* Sets output J (when the node has it) to a tensor; RANK -1 = unknown. */
void sh_set(ShapeCtx *c, int j, DType dt, int rank, const Dim *dims);
void sh_set_type(ShapeCtx *c, int j, IrType t);
/* Output J = tensor of DT with the shape of T (unknown rank when T is NULL). */
void sh_set_like(ShapeCtx *c, int j, DType dt, const IrType *t);

Dim *sh_dims(ShapeCtx *c, int rank);
/* Copies N dims (N may be 0 and the pointers NULL, as for scalars). */
void sh_copy(Dim *dst, const Dim *src, int n);
const char *sh_shape_str(ShapeCtx *c, const IrType *t);
const char *sh_dims_str(ShapeCtx *c, int rank, const Dim *dims);
const char *sh_dim_str(ShapeCtx *c, Dim d);

/* Normalizes AXIS in [-rank, rank) into [0, rank), or with INCLUSIVE (as
 * Flatten) AXIS in [-rank, rank] into [0, rank], reporting "Op: WHAT 5 is
 * out of range for rank 3". */
bool sh_axis(ShapeCtx *c, int64_t axis, int rank, bool inclusive, const char *what, int *out);

/* Multidirectional broadcasting of input types; false after an error. */
bool sh_broadcast(ShapeCtx *c, const IrType *const *ts, int n, int *rank, Dim **dims);
/* The same without reporting: false on a conflict. */
bool sh_broadcast_quiet(ShapeCtx *c, const IrType *const *ts, int n, int *rank, Dim **dims);
/* Two dimensions that must be equal: false when both are known and differ;
 * *out is the better known of the two. */
bool sh_unify(Dim a, Dim b, Dim *out);

/* Symbolic arithmetic with the context's arena and names. */
Dim sh_add(ShapeCtx *c, Dim a, Dim b);
Dim sh_sub(ShapeCtx *c, Dim a, Dim b);
Dim sh_mul(ShapeCtx *c, Dim a, Dim b);
Dim sh_div(ShapeCtx *c, Dim a, Dim b);     /* floor division */
Dim sh_ceildiv(ShapeCtx *c, Dim a, Dim b);
Dim sh_addi(ShapeCtx *c, Dim a, int64_t k);
Dim sh_muli(ShapeCtx *c, Dim a, int64_t k);
/* Product of DIMS[from..to). */
Dim sh_product(ShapeCtx *c, const Dim *dims, int from, int to);

/* ---- shape functions, by file ------------------------------------------- */

/* ir/shape.c: generic */
bool shape_keep(ShapeCtx *c);           /* If, Loop: typed by the lowering */
bool shape_same(ShapeCtx *c);           /* output 0 has input 0's shape */
bool shape_identity(ShapeCtx *c);       /* output 0 has input 0's whole type */
bool shape_broadcast(ShapeCtx *c);      /* all inputs broadcast together */

/* ir/shape_math.c */
bool shape_matmul(ShapeCtx *c);
bool shape_gemm(ShapeCtx *c);
bool shape_einsum(ShapeCtx *c);
bool shape_prelu(ShapeCtx *c);
bool shape_clip(ShapeCtx *c);
bool shape_cumsum(ShapeCtx *c);
bool shape_det(ShapeCtx *c);
bool shape_softmax(ShapeCtx *c);
bool shape_cast(ShapeCtx *c);

/* ir/shape_nn.c */
bool shape_conv(ShapeCtx *c);
bool shape_conv_transpose(ShapeCtx *c);
bool shape_pool(ShapeCtx *c);
bool shape_global_pool(ShapeCtx *c);
bool shape_batchnorm(ShapeCtx *c);
bool shape_instancenorm(ShapeCtx *c);
bool shape_layernorm(ShapeCtx *c);
bool shape_groupnorm(ShapeCtx *c);
bool shape_dropout(ShapeCtx *c);
bool shape_rnn(ShapeCtx *c);
bool shape_attention(ShapeCtx *c);

/* ir/shape_reduce.c */
bool shape_reduce(ShapeCtx *c);
bool shape_argminmax(ShapeCtx *c);
bool shape_topk(ShapeCtx *c);

/* ir/shape_tensor.c */
bool shape_reshape(ShapeCtx *c);
bool shape_flatten(ShapeCtx *c);
bool shape_transpose(ShapeCtx *c);
bool shape_concat(ShapeCtx *c);
bool shape_split(ShapeCtx *c);
bool shape_squeeze(ShapeCtx *c);
bool shape_unsqueeze(ShapeCtx *c);
bool shape_expand(ShapeCtx *c);
bool shape_tile(ShapeCtx *c);
bool shape_pad(ShapeCtx *c);
bool shape_depth_to_space(ShapeCtx *c);
bool shape_space_to_depth(ShapeCtx *c);
bool shape_shape(ShapeCtx *c);
bool shape_size(ShapeCtx *c);

/* ir/shape_index.c */
bool shape_slice(ShapeCtx *c);
bool shape_gather(ShapeCtx *c);
bool shape_gather_elements(ShapeCtx *c);
bool shape_gather_nd(ShapeCtx *c);
bool shape_scatter(ShapeCtx *c);
bool shape_scatter_nd(ShapeCtx *c);
bool shape_nonzero(ShapeCtx *c);
bool shape_unique(ShapeCtx *c);
bool shape_onehot(ShapeCtx *c);
bool shape_resize(ShapeCtx *c);
bool shape_trilu(ShapeCtx *c);

/* ir/shape_gen.c */
bool shape_constant(ShapeCtx *c);
bool shape_constant_of_shape(ShapeCtx *c);
bool shape_eyelike(ShapeCtx *c);
bool shape_range(ShapeCtx *c);
bool shape_random(ShapeCtx *c);
bool shape_random_like(ShapeCtx *c);
bool shape_bernoulli(ShapeCtx *c);
bool shape_multinomial(ShapeCtx *c);
bool shape_seq_construct(ShapeCtx *c);
bool shape_seq_empty(ShapeCtx *c);
bool shape_seq_at(ShapeCtx *c);
bool shape_seq_same(ShapeCtx *c);
bool shape_seq_length(ShapeCtx *c);
bool shape_split_to_seq(ShapeCtx *c);
bool shape_concat_from_seq(ShapeCtx *c);
bool shape_optional(ShapeCtx *c);
bool shape_optional_get(ShapeCtx *c);
bool shape_optional_has(ShapeCtx *c);

/* ir/shape_vision.c */
bool shape_roi_align(ShapeCtx *c);
bool shape_max_roi_pool(ShapeCtx *c);
bool shape_nms(ShapeCtx *c);
bool shape_grid_sample(ShapeCtx *c);
bool shape_affine_grid(ShapeCtx *c);
bool shape_col2im(ShapeCtx *c);

/* ir/shape_signal.c */
bool shape_dft(ShapeCtx *c);
bool shape_stft(ShapeCtx *c);
bool shape_window(ShapeCtx *c);
bool shape_mel_weight_matrix(ShapeCtx *c);

#endif
