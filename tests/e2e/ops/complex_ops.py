# Complex tensors (torch/_complex.ts): torch.complex, view_as_complex and
# view_as_real, arithmetic with complex, real tensors and numbers (both
# orders), abs, angle (also of real tensors), conj, real/imag, polar, shape
# operations and indexing that keep the pair dimension last, torch.cat and
# torch.stack with real tensors promoted; torch.atan2.
# example: x=randn(3,8) y=randn(3,8)
# inputs: x=[[0.0,-0.0,1.0,-1.0,0.0,-0.0,-2.0,3.0],[0.0,-0.0,1.0,-1.0,0.0,-0.0,-2.0,3.0],[0.0,-0.0,1.0,-1.0,0.0,-0.0,-2.0,3.0]] y=[[-1.0,2.0,0.0,-0.0,-3.0,-1.5,0.0,-0.0],[-1.0,2.0,0.0,-0.0,-3.0,-1.5,0.0,-0.0],[-1.0,2.0,0.0,-0.0,-3.0,-1.5,0.0,-0.0]]
import torch
from torch import nn


class Cx(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        z = torch.complex(x, y)
        w = torch.view_as_complex(torch.stack([y, x], -1))
        p = z * w + z / w - 2.0 * z + x * w - (z - y)
        q = p.view(3, 2, 4).permute(1, 0, 2)[..., 1:3].reshape(2, -1)
        return (torch.view_as_real(p), torch.view_as_real(q), p.abs(), p.angle(), torch.angle(x),
                z.real + z.imag, torch.view_as_real(torch.conj(z).resolve_conj()), torch.view_as_real(w.conj().view(-1) * 1), torch.atan2(x, y),
                torch.view_as_real(z[1]), torch.view_as_real(z[:, None, 2:5].unsqueeze(0).squeeze(1)),
                torch.view_as_real(torch.polar(x.abs(), y)), z.shape[0] + z.dim(), z.size(-1),
                torch.view_as_real(torch.cat([z, w], 1)), torch.view_as_real(torch.stack([z, x], 0)),
                torch.view_as_real(torch.flatten(torch.reshape(z, (2, 3, 4)), 1)),
                torch.view_as_real(torch.transpose(torch.unsqueeze(z, 0), 0, 2).squeeze(1)),
                torch.abs(z), torch.view_as_real(z[torch.tensor([2, 0])]))
