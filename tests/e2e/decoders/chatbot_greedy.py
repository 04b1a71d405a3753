# The greedy decoder of PyTorch's TorchScript chatbot tutorial, written here
# from the tutorial's description: a bidirectional GRU encoder over a packed
# batch (pack_padded_sequence / pad_packed_sequence), a GRU decoder with
# Luong "general" attention, and a greedy loop over a run-time max_length
# that concatenates each step's token and score onto growing tensors.  This
# version also stops at an end token (a run-time break), as chatbots do.
# tsc2onnx: --dynamic input_seq:0=S
# example: input_seq=[[4],[7],[2],[9],[1]] input_length=[5] max_length=6
# inputs: input_seq=[[3],[8]] input_length=[2] max_length=0
# inputs: input_seq=[[5],[6],[7]] input_length=[3] max_length=12
# inputs: input_seq=[[1],[1],[4],[11],[2],[2],[8]] input_length=[7] max_length=3
# opsets: 13 17
# compare: diverges
# tolerance: rtol=1e-3 atol=1e-5
import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 12
HIDDEN = 8
SOS = 1
EOS = 2


class Encoder(nn.Module):
    def __init__(self, embedding):
        super().__init__()
        self.embedding = embedding
        self.gru = nn.GRU(HIDDEN, HIDDEN, 2, bidirectional=True)

    def forward(self, seq, lengths):
        packed = nn.utils.rnn.pack_padded_sequence(self.embedding(seq), lengths)
        out, hidden = self.gru(packed)
        out, _ = nn.utils.rnn.pad_packed_sequence(out)
        # the two directions summed
        return out[:, :, :HIDDEN] + out[:, :, HIDDEN:], hidden


class GeneralAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, query, keys):
        # query [1, B, H], keys [S, B, H] -> weights [B, 1, S]
        scores = torch.sum(query * self.w(keys), dim=2)
        return F.softmax(scores.t(), dim=1).unsqueeze(1)


class Decoder(nn.Module):
    def __init__(self, embedding):
        super().__init__()
        self.embedding = embedding
        self.gru = nn.GRU(HIDDEN, HIDDEN, 2)
        self.attention = GeneralAttention()
        self.mix = nn.Linear(2 * HIDDEN, HIDDEN)
        self.out = nn.Linear(HIDDEN, VOCAB)

    def forward(self, token, hidden, memory):
        step, hidden = self.gru(self.embedding(token), hidden)
        weights = self.attention(step, memory)
        context = weights.bmm(memory.transpose(0, 1)).squeeze(1)
        mixed = torch.tanh(self.mix(torch.cat((step.squeeze(0), context), 1)))
        return F.softmax(self.out(mixed), dim=1), hidden


class GreedySearchDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        embedding = nn.Embedding(VOCAB, HIDDEN)
        self.encoder = Encoder(embedding)
        self.decoder = Decoder(embedding)
        self.layers = 2

    def forward(self, input_seq: torch.Tensor, input_length: torch.Tensor, max_length: int):
        memory, hidden = self.encoder(input_seq, input_length)
        hidden = hidden[:self.layers]
        token = torch.ones(1, 1, dtype=torch.long) * SOS
        tokens = torch.zeros([0], dtype=torch.long)
        scores = torch.zeros([0])
        for _ in range(max_length):
            probs, hidden = self.decoder(token, hidden, memory)
            score, best = torch.max(probs, dim=1)
            tokens = torch.cat((tokens, best), dim=0)
            scores = torch.cat((scores, score), dim=0)
            if int(best[0]) == EOS:
                break
            token = torch.unsqueeze(best, 0)
        return tokens, scores
