/* The parts of the evaluator's operator table, one per kernel file (see
 * eval/ops.c), and iteration over the whole table for tests. */
#ifndef TSC_EVAL_OPS_H
#define TSC_EVAL_OPS_H

#include "eval/kernel.h"

extern const EvalOp eval_unary_ops[];       /* eval/unary.c */
extern const int eval_unary_count;
extern const EvalOp eval_binary_ops[];      /* eval/elementwise.c */
extern const int eval_binary_count;
extern const EvalOp eval_tensor_ops[];      /* eval/tensor.c */
extern const int eval_tensor_count;
extern const EvalOp eval_generate_ops[];    /* eval/generate.c */
extern const int eval_generate_count;
extern const EvalOp eval_index_ops[];       /* eval/index.c */
extern const int eval_index_count;
extern const EvalOp eval_select_ops[];     /* eval/select.c */
extern const int eval_select_count;
extern const EvalOp eval_reduce_ops[];      /* eval/reduce.c */
extern const int eval_reduce_count;
extern const EvalOp eval_linalg_ops[];      /* eval/linalg.c */
extern const int eval_linalg_count;
extern const EvalOp eval_einsum_ops[];     /* eval/einsum.c */
extern const int eval_einsum_count;
extern const EvalOp eval_conv_ops[];        /* eval/conv.c */
extern const int eval_conv_count;
extern const EvalOp eval_pool_ops[];        /* eval/pool.c */
extern const int eval_pool_count;
extern const EvalOp eval_norm_ops[];        /* eval/norm.c */
extern const int eval_norm_count;
extern const EvalOp eval_rnn_ops[];         /* eval/rnn.c */
extern const int eval_rnn_count;
extern const EvalOp eval_resize_ops[];      /* eval/resize.c */
extern const int eval_resize_count;
extern const EvalOp eval_random_ops[];      /* eval/random.c */
extern const int eval_random_count;
extern const EvalOp eval_control_ops[];     /* eval/control.c */
extern const int eval_control_count;
extern const EvalOp eval_detect_ops[];      /* eval/detect.c */
extern const int eval_detect_count;
extern const EvalOp eval_sample_ops[];      /* eval/sample.c */
extern const int eval_sample_count;
extern const EvalOp eval_signal_ops[];      /* eval/signal.c */
extern const int eval_signal_count;
extern const EvalOp eval_attention_ops[];   /* eval/attention.c */
extern const int eval_attention_count;

int eval_op_count(void);
const EvalOp *eval_op_at(int i);

#endif
